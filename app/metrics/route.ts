import { serveMetrics } from '@/lib/server/host/metrics-route';

export const dynamic = 'force-dynamic';

/** Sluice's metrics in Prometheus's text format: docs/contract.md, "GET /metrics". */
export const GET = serveMetrics;
