/** Runs the built-in simulator on its own: `npm run simulator -- --port 4010`. */
import { handleSimulatorRequest } from '@/lib/simulator/handler';
import { listen, serveFetch } from '@/lib/simulator/serve-fetch';

const portArg = process.argv.indexOf('--port');
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : Number(process.env.PORT ?? 4010);
const host = process.env.HOST ?? '127.0.0.1';

const origin = await listen(serveFetch(handleSimulatorRequest), port, host);
console.log(`Sluice simulator listening on ${origin}`);
console.log(`  OpenAI Chat:      ${origin}/openai/v1/chat/completions`);
console.log(`  OpenAI Responses: ${origin}/openai/v1/responses`);
console.log(`  Anthropic:        ${origin}/anthropic/v1/messages`);
console.log(`  Gemini:           ${origin}/gemini/v1beta/models/{model}:streamGenerateContent?alt=sse`);
