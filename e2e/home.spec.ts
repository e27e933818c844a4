import { expect, test } from './support';

test('a newcomer sees what Sluice is and which models are available', async ({ page, app }) => {
  await app.open();
  await expect(page.getByRole('heading', { level: 1, name: 'Sluice' })).toBeVisible();
  await expect(page.getByText(/streaming LLM APIs/)).toBeVisible();
  const models = page.getByRole('region', { name: 'Available models' });
  for (const name of [
    'Simulator · OpenAI Chat',
    'Simulator · Anthropic Messages',
    'Simulator · OpenAI Responses',
    'Simulator · Gemini',
  ]) {
    await expect(models.getByRole('article', { name })).toBeVisible();
  }
  await expect(models.getByRole('article', { name: 'Simulator · Gemini' }).getByText('sim-thinking')).toBeVisible();
  await app.shot('home');
});
