import { ModelDirectory } from '@/components/model-directory';
import { listPublicProviders } from '@/lib/providers/list';

export const dynamic = 'force-dynamic';

export default async function Home() {
  const providers = await listPublicProviders();
  return (
    <main className="mx-auto max-w-4xl px-6 py-10">
      <h1 className="text-3xl font-semibold tracking-tight">Sluice</h1>
      <p className="mt-3 max-w-2xl text-zinc-600 dark:text-zinc-400">
        A workbench for streaming LLM APIs. Chat with any model over OpenAI Chat Completions, Anthropic Messages,
        OpenAI Responses or Gemini; race models side by side; and inspect every Server-Sent Event exactly as it came
        over the wire. Keys stay on this server.
      </p>
      <ModelDirectory providers={providers} />
    </main>
  );
}
