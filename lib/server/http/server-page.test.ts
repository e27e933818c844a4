import { describe, expect, it } from 'vitest';
import { pageTheme, serverPageHtml } from './server-page';

describe('the server pages follow the theme chosen in the app', () => {
  it('reads the choice from the sluice-theme cookie; none chosen, none given', () => {
    expect(pageTheme(new Headers({ cookie: 'a=1; sluice-theme=dark; b=2' }))).toBe('dark');
    expect(pageTheme(new Headers({ cookie: 'sluice-theme=light' }))).toBe('light');
    expect(pageTheme(new Headers({ cookie: 'sluice-theme=purple' }))).toBeUndefined();
    expect(pageTheme(new Headers({ cookie: 'not-sluice-theme=dark' }))).toBeUndefined();
    expect(pageTheme(new Headers())).toBeUndefined();
  });

  it('puts the choice on the root, where the stylesheet reads it; with none, the system’s scheme', () => {
    expect(serverPageHtml('T', '<p>x</p>', 'dark')).toContain('<html lang="en" class="dark">');
    expect(serverPageHtml('T', '<p>x</p>', 'light')).toContain('<html lang="en" class="light">');
    expect(serverPageHtml('T', '<p>x</p>')).toContain('<html lang="en">');
  });
});
