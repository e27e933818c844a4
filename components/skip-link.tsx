'use client';

/** The textarea the skip link leads to: a page's one composer. */
export const COMPOSER_ID = 'message';

/**
 * "Skip to message", the page's first focusable element: hidden until focused, it moves
 * focus past the sidebar and the header to the composer.
 */
export function SkipLink() {
  return (
    <a
      href={`#${COMPOSER_ID}`}
      onClick={(e) => {
        const composer = document.getElementById(COMPOSER_ID);
        if (!composer) return;
        e.preventDefault();
        composer.focus();
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-sky-700 focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-white"
    >
      Skip to message
    </a>
  );
}
