import { expect, test } from './support';

test('a newcomer sees what Sluice is and which models are available, each model listed and described once', async ({
  page,
  app,
}) => {
  await app.open();
  await expect(page.getByRole('heading', { level: 1, name: 'Sluice' })).toBeVisible();
  await expect(page.getByText(/streaming LLM APIs/)).toBeVisible();
  // Its ways in besides the chat, before the model list: each a link to its page.
  const start = page.getByRole('list', { name: 'Where to start' });
  for (const [name, href] of [
    ['Race', '/race'],
    ['Traffic', '/traffic'],
    ['Runs', '/runs'],
  ] as const)
    await expect(start.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  const models = page.getByRole('region', { name: 'Available models' });
  // The four simulators offer the same models: one group lists them once for all four.
  const simulator = models.getByRole('region', { name: 'Simulator' });
  for (const name of [
    'Simulator · OpenAI Chat',
    'Simulator · Anthropic Messages',
    'Simulator · OpenAI Responses',
    'Simulator · Gemini',
  ]) {
    await expect(simulator.getByRole('article', { name })).toBeVisible();
  }
  await expect(simulator.getByRole('article', { name: 'Simulator · Gemini' })).toContainText('Gemini · sim-gemini · built in');
  await expect(simulator.getByText('15 models, the same on each of these 4')).toBeVisible();
  await expect(simulator.getByRole('term')).toHaveCount(15);
  await expect(models.getByText('sim-thinking', { exact: true })).toHaveCount(1);
  await expect(models.getByText('Repeats your last message back, token by token.')).toHaveCount(1);
  await app.shot('home', { fullPage: false });
});
