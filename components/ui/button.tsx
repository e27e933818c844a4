import type { ComponentProps } from 'react';

/**
 * Every button of the app: a plain `<button>` that is `type="button"` unless it says
 * otherwise (a form's Enter never presses a stray one), its accessible name from its
 * text or `aria-label`, its look from `className`.
 */
export function Button({ type = 'button', ...props }: ComponentProps<'button'>) {
  return <button type={type} {...props} />;
}
