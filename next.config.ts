import type { NextConfig } from 'next';
import { STATIC_SECURITY_HEADERS } from './lib/server/http/security/headers';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // SLUICE_SOURCE_MAPS=1 next build: browser source maps, for bench/profile-ui.ts to name functions by their source.
  productionBrowserSourceMaps: process.env.SLUICE_SOURCE_MAPS === '1',
  // proxy.ts adds these (and the CSP) to every other answer; static build files skip it.
  headers: async () => [
    { source: '/_next/static/:path*', headers: Object.entries(STATIC_SECURITY_HEADERS).map(([key, value]) => ({ key, value })) },
  ],
  // The race page was /compare: old links and bookmarks land on it (the query, a capture's
  // `?capture={id}`, goes along). Its API (/api/compares) and the conversations' kind keep the old word.
  redirects: async () => [
    { source: '/compare', destination: '/race', permanent: true },
    { source: '/compare/:id', destination: '/race/:id', permanent: true },
  ],
  // Compression buffers; an SSE relay must pass every event on as it arrives.
  compress: false,
  // PGlite ships its own WebAssembly and data files, undici its HTTP parser's: load them from node_modules, not a bundle.
  // ws (the proxy's WebSockets) tries its optional native addons with a bare require, which a bundle would try to resolve.
  // The OpenTelemetry SDK: one copy per process for every bundle (its exporters load protocol encoders by path).
  serverExternalPackages: [
    '@electric-sql/pglite',
    'undici',
    'ws',
    '@opentelemetry/api',
    '@opentelemetry/core',
    '@opentelemetry/resources',
    '@opentelemetry/sdk-trace',
    '@opentelemetry/sdk-metrics',
    '@opentelemetry/exporter-prometheus',
    '@opentelemetry/exporter-trace-otlp-http',
    '@opentelemetry/exporter-trace-otlp-proto',
    '@opentelemetry/exporter-metrics-otlp-http',
    '@opentelemetry/exporter-metrics-otlp-proto',
  ],
  turbopack: {
    resolveAlias: {
      // Its "browser" build decodes entities through `document`, which a Web Worker lacks,
      // and the markdown worker parses with it: every page gets the table-based build.
      'decode-named-character-reference': './node_modules/decode-named-character-reference/index.js',
    },
  },
};

export default nextConfig;
