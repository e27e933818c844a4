/** What the simulator reads of a gemini request body. */
import { asArray, isObject, type Json } from '@/lib/protocols/json';
import { numberOr, requireArray, textOf, type ReadRequest, type JsonSchema } from '../request-types';

export const readGemini: ReadRequest = (body: Json) => {
  const contents = requireArray(body, 'contents').filter(isObject);
  const last = contents.at(-1);
  const responses = asArray(last?.parts).filter((p): p is Json => isObject(p) && isObject(p.functionResponse));
  const userTexts = contents
    .filter((c) => c.role !== 'model')
    .map((c) => textOf(c.parts))
    .filter((t) => t !== '');
  const config = isObject(body.generationConfig) ? body.generationConfig : {};
  return {
    stream: true,
    lastUserText: userTexts.at(-1) ?? '',
    toolResults: responses.map((p) => {
      const fr = p.functionResponse as Json;
      return { name: String(fr.name), content: JSON.stringify(fr.response) };
    }),
    tools: asArray(body.tools)
      .filter(isObject)
      .flatMap((t) => asArray(t.functionDeclarations).filter(isObject))
      .map((d) => ({ name: String(d.name), parameters: (d.parameters ?? d.parametersJsonSchema) as JsonSchema })),
    maxTokens: numberOr(config.maxOutputTokens),
    includeUsage: true,
  };
};
