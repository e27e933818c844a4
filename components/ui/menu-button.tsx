'use client';

import Link from 'next/link';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { Button } from './button';

/**
 * An action of the menu, named by its label: a button (`onSelect`), or a link (`href`:
 * a page, or with `download` a file the server names), which keeps what a link does
 * (open in a new tab, save as). `danger` reads as a destructive action.
 */
export type MenuItem = {
  label: string;
  /** Its accessible name, when the label alone says too little out of its context (it contains the label). */
  name?: string;
  danger?: boolean;
} & (
  { onSelect: () => void; href?: undefined; download?: undefined } | { href: string; download?: boolean; onSelect?: undefined }
);

const ITEM = [
  'block w-full whitespace-nowrap rounded px-3 py-1.5 text-left hover:bg-zinc-100 focus:bg-zinc-100',
  'focus:outline-none dark:hover:bg-zinc-800 dark:focus:bg-zinc-800',
].join(' ');
const DANGER = 'text-rose-700 dark:text-rose-400';

/** Gap between the button and its menu, and the least room kept to the viewport's edge (px). */
const GAP = 4;

/**
 * Places the open menu under its button, right edges aligned, or above it when there is
 * no room below. The menu is a popover in the top layer, so no scrolling ancestor clips
 * it; it is placed by hand because CSS anchoring is not yet in every browser.
 */
function place(menu: HTMLElement, button: HTMLElement): void {
  const anchor = button.getBoundingClientRect();
  menu.style.right = `${Math.max(GAP, document.documentElement.clientWidth - anchor.right)}px`;
  const below = anchor.bottom + GAP;
  const fits = below + menu.offsetHeight <= window.innerHeight - GAP;
  menu.style.top = `${fits ? below : Math.max(GAP, anchor.top - GAP - menu.offsetHeight)}px`;
}

/** Focus moves among the menu's items with the arrow keys, Home and End (the ARIA menu pattern). */
function moveFocus(event: KeyboardEvent<HTMLElement>): void {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: items.length - 1 }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  items[(next + items.length) % items.length]?.focus();
}

/**
 * A button that opens a menu of actions: `aria-haspopup="menu"`, the menu a popover
 * (Escape and a click elsewhere close it), its first item focused as it opens, focus
 * back on the button as it closes from the keyboard.
 */
export function MenuButton({
  label,
  menuLabel,
  items,
  className,
  tabIndex,
  ref,
  onKeyDown,
  children,
}: {
  /** The button's accessible name. */
  label: string;
  menuLabel: string;
  items: MenuItem[];
  className?: string;
  tabIndex?: number;
  ref?: Ref<HTMLButtonElement>;
  onKeyDown?: (event: KeyboardEvent<HTMLButtonElement>) => void;
  children: ReactNode;
}) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  // A press on this button while the menu is open closes it (as any press outside does): the click after it must not open it again.
  const pressedWhileOpen = useRef(false);

  // A scroll or a resize moves the menu with its button; one that takes the button out of
  // sight closes it. (Closing at any scroll lost a reply's menu to the page settling as the
  // reply ended: its last trees and highlighting land after it, and the page follows them.)
  useEffect(() => {
    if (!open) return;
    const follow = () => {
      const [el, anchor] = [menu.current, button.current];
      if (!el || !anchor) return;
      const { top, bottom } = anchor.getBoundingClientRect();
      if (bottom < 0 || top > window.innerHeight) el.hidePopover();
      else place(el, anchor);
    };
    window.addEventListener('scroll', follow, { capture: true, passive: true });
    window.addEventListener('resize', follow);
    return () => {
      window.removeEventListener('scroll', follow, { capture: true });
      window.removeEventListener('resize', follow);
    };
  }, [open]);

  const show = () => {
    const el = menu.current!;
    el.showPopover();
    place(el, button.current!);
    el.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  };
  return (
    <>
      <Button
        ref={(el) => {
          button.current = el;
          if (typeof ref === 'function') ref(el);
          else if (ref) ref.current = el;
        }}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={id}
        tabIndex={tabIndex}
        onPointerDown={() => (pressedWhileOpen.current = menu.current?.matches(':popover-open') ?? false)}
        onClick={() => {
          if (!pressedWhileOpen.current) show();
          pressedWhileOpen.current = false;
        }}
        onKeyDown={onKeyDown}
        className={className}
      >
        {children}
      </Button>
      <div
        ref={menu}
        id={id}
        role="menu"
        aria-label={menuLabel}
        popover="auto"
        onToggle={(e) => {
          const opened = e.newState === 'open';
          setOpen(opened);
          // Closed with focus left nowhere (its item hidden with it): focus goes back to its button.
          if (!opened && (menu.current?.contains(document.activeElement) || document.activeElement === document.body))
            button.current?.focus();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Tab') menu.current?.hidePopover();
          else moveFocus(e);
        }}
        className={[
          'fixed inset-auto m-0 min-w-32 rounded-md border border-zinc-200 bg-white p-1 text-sm',
          'text-zinc-900 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100',
        ].join(' ')}
      >
        {items.map((item) => {
          const look = item.danger ? `${ITEM} ${DANGER}` : ITEM;
          // A page opens in the app (client navigation); a download is a plain link the browser saves.
          const Anchor = item.download ? 'a' : Link;
          if (item.href !== undefined)
            return (
              <Anchor
                key={item.label}
                role="menuitem"
                tabIndex={-1}
                href={item.href}
                download={item.download || undefined}
                aria-label={item.name}
                onClick={() => menu.current?.hidePopover()}
                className={look}
              >
                {item.label}
              </Anchor>
            );
          return (
            <Button
              key={item.label}
              role="menuitem"
              tabIndex={-1}
              aria-label={item.name}
              onClick={() => {
                menu.current?.hidePopover();
                item.onSelect();
              }}
              className={look}
            >
              {item.label}
            </Button>
          );
        })}
      </div>
    </>
  );
}
