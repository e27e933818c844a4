import type { Metadata } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { QueryProvider } from '@/components/query-provider';
import { THEME_SCRIPT } from '@/components/theme';
import { ThemeSync } from '@/components/theme-toggle';
import './globals.css';

export const metadata: Metadata = {
  title: 'Sluice',
  description: 'Chat, compare and inspect streaming LLM APIs.',
};

/** Every page is rendered per request: its inline script carries that request's CSP nonce (set by proxy.ts). */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="min-h-screen">
        <ThemeSync />
        <QueryProvider>{children}</QueryProvider>
      </body>
    </html>
  );
}
