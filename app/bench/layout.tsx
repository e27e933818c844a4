import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { readVariable } from '@/lib/server/platform/environment';

/** The benchmarks' baseline pages: in development builds, or when SLUICE_BENCH_PAGES is set (the bench sets it); never in a production build otherwise. */
export default function BenchLayout({ children }: { children: ReactNode }) {
  if (process.env.NODE_ENV !== 'development' && !readVariable('SLUICE_BENCH_PAGES')) notFound();
  return children;
}
