'use client';

import { usePathname } from 'next/navigation';

/** The textarea the skip link leads to: a page's one composer. */
export const COMPOSER_ID = 'message';
/** Where it leads on a page without a composer (Traffic): its main content. */
export const CONTENT_ID = 'content';

/**
 * "Skip to message", the page's first focusable element: hidden until focused, it moves
 * focus past the sidebar and the header to the composer; on the Traffic and Runs pages,
 * which have none, "Skip to content" moves it to the page's main content.
 */
export function SkipLink() {
  const pathname = usePathname();
  const traffic = pathname.startsWith('/traffic') || pathname.startsWith('/runs');
  const target = traffic ? CONTENT_ID : COMPOSER_ID;
  return (
    <a
      href={`#${target}`}
      onClick={(e) => {
        const element = document.getElementById(target);
        if (!element) return;
        e.preventDefault();
        element.focus();
      }}
      className={[
        'sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded',
        'focus:bg-sky-700 focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-white',
      ].join(' ')}
    >
      {traffic ? 'Skip to content' : 'Skip to message'}
    </a>
  );
}
