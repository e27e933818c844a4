'use client';

import { useEffect } from 'react';
import { exposeStats } from '@/lib/client/render-stats';

/** A server-rendered page's counters for tests, as every page has them: their presence says it has hydrated. */
export function PageStats() {
  useEffect(exposeStats, []);
  return null;
}
