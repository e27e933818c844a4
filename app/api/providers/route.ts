import { listPublicProviders } from '@/lib/providers/list';

export const dynamic = 'force-dynamic';

export async function GET() {
  return Response.json({ providers: await listPublicProviders() });
}
