import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Compression buffers; an SSE relay must pass every event on as it arrives.
  compress: false,
  // PGlite ships its own WebAssembly and data files: load it from node_modules, not a bundle.
  serverExternalPackages: ['@electric-sql/pglite'],
};

export default nextConfig;
