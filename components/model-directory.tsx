import type { PublicProvider } from '@/lib/api/providers';

const PROTOCOL_LABELS: Record<PublicProvider['protocol'], string> = {
  'openai-chat': 'OpenAI Chat Completions',
  'anthropic-messages': 'Anthropic Messages',
  'openai-responses': 'OpenAI Responses',
  gemini: 'Gemini',
};

/** The providers and models this server can reach. */
export function ModelDirectory({ providers }: { providers: PublicProvider[] }) {
  return (
    <section aria-labelledby="models-heading" className="mt-10">
      <h2 id="models-heading" className="text-xl font-semibold">
        Available models
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {providers.map((provider) => (
          <article
            key={provider.id}
            aria-label={provider.name}
            className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
          >
            <h3 className="font-medium">{provider.name}</h3>
            <p className="text-xs text-zinc-500">
              {PROTOCOL_LABELS[provider.protocol]} · <code>{provider.id}</code>
              {provider.builtin ? ' · built in' : provider.hasKey ? ' · key set' : ''}
            </p>
            {provider.modelsError ? (
              <p role="alert" className="mt-2 text-sm text-red-600">
                {provider.modelsError}
              </p>
            ) : (
              <ul className="mt-2 space-y-1 text-sm">
                {provider.models.map((model) => (
                  <li key={model.id}>
                    <code>{model.id}</code>
                    {model.description ? <span className="block text-xs text-zinc-500">{model.description}</span> : null}
                  </li>
                ))}
              </ul>
            )}
          </article>
        ))}
      </div>
    </section>
  );
}
