import type { ModelInfo, PublicProvider } from '@/lib/api/providers';
import { PROTOCOL_NAMES } from '@/lib/protocols/ids';
import { groupByModels, type ModelGroup } from './model-groups';

/** One provider in brief: its name, wire format, id, and whether it is built in or has its key. */
function ProviderBadge({ provider, label }: ModelGroup['providers'][number]) {
  return (
    <article aria-label={provider.name} className="rounded-md border border-zinc-200 px-2 py-1 text-xs dark:border-zinc-800">
      <h4 className="font-medium">{label}</h4>
      <p className="text-zinc-600 dark:text-zinc-400">
        {provider.protocol ? `${PROTOCOL_NAMES[provider.protocol]} · ` : ''}
        <code>{provider.id}</code>
        {provider.builtin ? ' · built in' : provider.hasKey ? ' · key set' : ''}
      </p>
    </article>
  );
}

/** The group's models: with what each does where the providers say, else as a compact list of ids. */
function ModelList({ models }: { models: ModelInfo[] }) {
  if (!models.some((m) => m.description))
    return (
      <ul aria-label="Models" className="flex flex-wrap gap-1">
        {models.map((m) => (
          <li key={m.id}>
            <code className="block rounded bg-zinc-100 px-1.5 py-0.5 text-xs dark:bg-zinc-800">{m.id}</code>
          </li>
        ))}
      </ul>
    );
  return (
    <dl aria-label="Models" className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
      {models.map((m) => (
        <div key={m.id} className="contents">
          <dt>
            <code className="text-xs">{m.id}</code>
          </dt>
          <dd className="mb-1.5 text-zinc-600 sm:mb-0 dark:text-zinc-400">{m.description}</dd>
        </div>
      ))}
    </dl>
  );
}

function Group({ group }: { group: ModelGroup }) {
  const shared = group.providers.length > 1;
  return (
    <section aria-label={group.title} className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <h3 className="font-medium">{group.title}</h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {group.providers.map((p) => (
          <li key={p.provider.id}>
            <ProviderBadge {...p} />
          </li>
        ))}
      </ul>
      {group.error ? (
        <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
          {group.error}
        </p>
      ) : (
        <>
          <p className="mt-3 mb-2 text-xs text-zinc-600 dark:text-zinc-400">
            {group.models.length} {group.models.length === 1 ? 'model' : 'models'}
            {shared ? `, the same on each of these ${group.providers.length}` : ''}
          </p>
          <ModelList models={group.models} />
        </>
      )}
    </section>
  );
}

/** The providers and models this server can reach: providers offering the same models share one list. */
export function ModelDirectory({ providers }: { providers: PublicProvider[] }) {
  return (
    <section aria-labelledby="models-heading" className="mt-10">
      <h2 id="models-heading" className="text-xl font-semibold">
        Available models
      </h2>
      <div className="mt-4 flex flex-col gap-4">
        {/* The replay provider's models are recordings, not models to read about: the picker lists them. */}
        {groupByModels(providers.filter((p) => p.protocol)).map((group) => (
          <Group key={group.providers[0]!.provider.id} group={group} />
        ))}
      </div>
    </section>
  );
}
