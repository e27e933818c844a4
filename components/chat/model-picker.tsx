'use client';

import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { PublicProvider } from '@/lib/api/providers';
import { choiceKey, offering, parseChoice, rememberChoice, type PickedModel } from '@/lib/client/model-choice';
import { filterModels } from '@/lib/client/model-filter';
import { modelName, optionGroups, stepActive, type Step } from '@/lib/client/model-options';

/** Room kept between the list and the field, and to the window's edge (px). */
const GAP = 4;
/** The list is at least this wide, whatever the field's width (a narrow race pane): model names and their descriptions need it. */
const LIST_MIN_WIDTH = 288;
const LIST_MAX_HEIGHT = 384;

/**
 * Places the open list under the field (above it when there is more room there), as
 * wide as the field or LIST_MIN_WIDTH, within the window. The list is a popover in the
 * top layer, so no scrolling ancestor (a race pane) clips it; placed by hand because CSS
 * anchoring is not yet in every browser.
 */
function place(list: HTMLElement, anchor: HTMLElement): void {
  const box = anchor.getBoundingClientRect();
  const room = document.documentElement.clientWidth;
  const width = Math.min(Math.max(box.width, LIST_MIN_WIDTH), room - 2 * GAP);
  const below = window.innerHeight - box.bottom - 2 * GAP;
  const above = box.top - 2 * GAP;
  const down = below >= Math.min(LIST_MAX_HEIGHT, list.scrollHeight) || below >= above;
  const height = Math.min(LIST_MAX_HEIGHT, down ? below : above);
  list.style.left = `${Math.max(GAP, Math.min(box.left, room - width - GAP))}px`;
  list.style.width = `${width}px`;
  list.style.maxHeight = `${height}px`;
  list.style.top = down ? `${box.bottom + GAP}px` : `${Math.max(GAP, box.top - GAP - Math.min(height, list.scrollHeight))}px`;
}

const KEY_STEPS: Partial<Record<string, Step>> = { ArrowDown: 'next', ArrowUp: 'previous', PageUp: 'first', PageDown: 'last' };

/**
 * Combobox "Model": a field that names the model chosen, its provider beside it (its
 * description); typed in, it is the search. The ARIA 1.2 combobox pattern, with list
 * autocomplete: the list (listbox "Models", a group per provider) opens on a click, an
 * arrow or typing, narrowed to the models matching every word typed, the first match
 * active; the arrows walk it, Enter picks the active option, Escape closes it and gives
 * the field back its model, Tab leaves it as it was. The field keeps the focus
 * throughout (the active option is its `aria-activedescendant`). What the user picks is
 * remembered for the next chat. `data-choice` holds the choice's key, `provider::model`.
 */
export function ModelPicker({
  providers: listed,
  value,
  onChange,
  disabled,
  className = '',
}: {
  providers: PublicProvider[];
  /** The model chosen; a replay with its recording's provider and model (`replayOf`), which it is shown by. */
  value?: PickedModel;
  onChange: (provider: string, model: string) => void;
  disabled?: boolean;
  /** Where it sits in its parent's layout. */
  className?: string;
}) {
  const id = useId();
  const [listId, providerId] = [`${id}-models`, `${id}-provider`];
  const field = useRef<HTMLSpanElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  // What is typed: null while the field shows the model chosen (the list is then whole).
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState<string | undefined>();

  const { provider: chosenProvider, model: chosenModel, replayOf } = value ?? {};
  const chosenOf = replayOf?.provider;
  const chosenAs = replayOf?.model;
  const providers = useMemo(
    () =>
      offering(
        listed,
        chosenProvider && chosenModel
          ? {
              provider: chosenProvider,
              model: chosenModel,
              ...(chosenOf !== undefined && chosenAs !== undefined ? { replayOf: { provider: chosenOf, model: chosenAs } } : {}),
            }
          : undefined,
      ),
    [listed, chosenProvider, chosenModel, chosenOf, chosenAs],
  );
  const chosenKey = chosenProvider && chosenModel ? choiceKey({ provider: chosenProvider, model: chosenModel }) : undefined;
  const groups = useMemo(() => optionGroups(filterModels(providers, query ?? '')), [providers, query]);
  const options = useMemo(() => groups.flatMap((g) => g.options), [groups]);
  const chosen = useMemo(
    () =>
      optionGroups(providers)
        .flatMap((g) => g.options)
        .find((o) => o.key === chosenKey),
    [providers, chosenKey],
  );
  const optionId = (key: string) => `${id}-option-${options.findIndex((o) => o.key === key)}`;

  const close = useCallback(() => {
    setOpen(false);
    setQuery(null);
    setActive(undefined);
  }, []);
  /** Opens the whole list at the model chosen; opened by an arrow with none listed, at that end. */
  const show = (step?: Step) => {
    setOpen(true);
    const listed = options.some((o) => o.key === chosenKey) ? chosenKey : undefined;
    setActive(listed ?? (step ? stepActive(options, undefined, step) : undefined));
  };
  const pick = (key: string) => {
    close();
    const choice = parseChoice(key);
    if (!choice || key === chosenKey) return;
    rememberChoice(choice);
    onChange(choice.provider, choice.model);
  };

  // Open: the list is shown in the top layer, beside the field, and follows it as the page scrolls or resizes.
  useLayoutEffect(() => {
    const el = list.current;
    if (!open || !el || !field.current) return;
    el.showPopover();
    const follow = () => field.current && place(el, field.current);
    follow();
    window.addEventListener('scroll', follow, { capture: true, passive: true });
    window.addEventListener('resize', follow);
    return () => {
      window.removeEventListener('scroll', follow, { capture: true });
      window.removeEventListener('resize', follow);
      if (el.matches(':popover-open')) el.hidePopover();
    };
  }, [open]);
  // Narrowed as the user types, the list is placed again (it may now fit below), and its active option kept in view.
  useLayoutEffect(() => {
    if (open && list.current && field.current) place(list.current, field.current);
  }, [open, groups]);
  const activeId = open && active && options.some((o) => o.key === active) ? optionId(active) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);
  // A reply starting disables the picker: an open list closes with it (state adjusted as the render sees it change).
  const [wasDisabled, setWasDisabled] = useState(disabled);
  if (disabled !== wasDisabled) {
    setWasDisabled(disabled);
    if (disabled) close();
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = KEY_STEPS[event.key];
    if (step) {
      event.preventDefault();
      if (!open) show(step);
      else setActive(stepActive(options, active, step));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      if (active) pick(active);
    } else if (event.key === 'Escape' && (open || query !== null)) {
      // Closed here, not by a dialog around the picker.
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab' && open) close();
  };

  const found = query ? options.length : 1;
  const part = 'bg-transparent py-1.5 outline-sky-500 -outline-offset-2 focus-visible:outline-2';
  return (
    <span className={`flex min-w-0 items-center gap-2 ${className}`}>
      <span
        ref={field}
        className={[
          'relative flex max-w-full min-w-0 flex-1 items-center rounded-md border border-zinc-300 bg-white',
          'dark:border-zinc-700 dark:bg-zinc-900',
        ].join(' ')}
      >
        {chosen ? (
          <span
            id={providerId}
            title={chosen.provider.name}
            className={[
              'max-w-[50%] shrink-0 truncate border-r border-zinc-200 px-2 text-xs text-zinc-600',
              'dark:border-zinc-700 dark:text-zinc-400',
            ].join(' ')}
          >
            {chosen.provider.name}
          </span>
        ) : null}
        <input
          role="combobox"
          aria-label="Model"
          aria-describedby={chosen ? providerId : undefined}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeId}
          data-choice={chosenKey}
          autoComplete="off"
          spellCheck={false}
          placeholder="Search models"
          disabled={disabled}
          value={query ?? (chosen ? modelName(chosen.model) : '')}
          // Focused or opened, the name is selected: what is typed replaces it and searches.
          onFocus={(e) => e.currentTarget.select()}
          onClick={(e) => {
            if (open) return;
            show();
            e.currentTarget.select();
          }}
          onChange={(e) => {
            const typed = e.target.value;
            const narrowed = optionGroups(filterModels(providers, typed)).flatMap((g) => g.options);
            setQuery(typed);
            setOpen(true);
            setActive(narrowed[0]?.key);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
          // Disabled while a reply streams: its text greyed, the provider beside it kept at full contrast.
          className={[
            part,
            'min-w-24 flex-1 truncate rounded-md pr-6 pl-2 font-mono text-sm',
            'disabled:cursor-not-allowed disabled:text-zinc-500 dark:disabled:text-zinc-400',
          ].join(' ')}
        />
        <span aria-hidden="true" className="pointer-events-none absolute right-2 text-xs text-zinc-500">
          ▾
        </span>
        <div
          ref={list}
          id={listId}
          role="listbox"
          aria-label="Models"
          popover="manual"
          // The field keeps the focus: a press in the list picks, it does not blur the field.
          onMouseDown={(e) => e.preventDefault()}
          className={[
            'fixed inset-auto m-0 overflow-y-auto overscroll-contain rounded-md border border-zinc-200 bg-white py-1',
            'text-sm text-zinc-900 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100',
          ].join(' ')}
        >
          {open
            ? groups.map(({ provider, options: models }) => (
                <div key={provider.id} role="group" aria-labelledby={`${id}-group-${provider.id}`}>
                  <div
                    id={`${id}-group-${provider.id}`}
                    className={[
                      'sticky top-0 bg-zinc-50 px-3 py-1 text-xs font-semibold text-zinc-600',
                      'dark:bg-zinc-800 dark:text-zinc-300',
                    ].join(' ')}
                  >
                    {provider.name}
                  </div>
                  {models.map((option) => (
                    <div
                      key={option.key}
                      id={optionId(option.key)}
                      aria-labelledby={`${optionId(option.key)}-name`}
                      aria-describedby={option.model.description ? `${optionId(option.key)}-about` : undefined}
                      role="option"
                      aria-selected={option.key === active}
                      aria-current={option.key === chosenKey ? 'true' : undefined}
                      data-choice={option.key}
                      onClick={() => pick(option.key)}
                      onMouseMove={() => option.key !== active && setActive(option.key)}
                      className={[
                        'flex cursor-default items-baseline gap-2 px-3 py-1',
                        option.key === active ? 'bg-sky-100 dark:bg-sky-900/60' : '',
                      ].join(' ')}
                    >
                      <span aria-hidden="true" className="w-3 shrink-0 text-sky-700 dark:text-sky-400">
                        {option.key === chosenKey ? '✓' : ''}
                      </span>
                      <span className="min-w-0 flex-1">
                        <span id={`${optionId(option.key)}-name`} className="block truncate font-mono">
                          {modelName(option.model)}
                        </span>
                        {option.model.description ? (
                          <span
                            id={`${optionId(option.key)}-about`}
                            className="block truncate text-xs text-zinc-600 dark:text-zinc-400"
                          >
                            {option.model.description}
                          </span>
                        ) : null}
                      </span>
                    </div>
                  ))}
                </div>
              ))
            : null}
        </div>
      </span>
      <span role="status" className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400 empty:sr-only">
        {found === 0 ? 'No model matches.' : null}
      </span>
    </span>
  );
}
