/**
 * A small agent as an app would write one, knowing nothing of Sluice: it asks one model
 * for a plan (streamed, OpenAI's SDK), then has another check it (Anthropic's SDK), with
 * whatever base URLs and keys its environment gives. `npm run with` records it (tests/with.test.ts).
 */
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';

const openai = new OpenAI();
const anthropic = new Anthropic();

const stream = await openai.chat.completions.create({
  model: process.env.AGENT_PLANNER ?? 'gpt-4.1-mini',
  stream: true,
  stream_options: { include_usage: true },
  messages: [
    { role: 'system', content: 'You plan trips in three steps.' },
    { role: 'user', content: 'Plan a day in Lisbon tokens=40' },
  ],
});
let plan = '';
for await (const chunk of stream) plan += chunk.choices[0]?.delta.content ?? '';

const review = await anthropic.messages.create({
  model: process.env.AGENT_REVIEWER ?? 'claude-sonnet-4-5',
  max_tokens: 200,
  messages: [{ role: 'user', content: `Check this plan:\n${plan}` }],
});
const verdict = review.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
console.log(JSON.stringify({ plan: plan.length, verdict }));
