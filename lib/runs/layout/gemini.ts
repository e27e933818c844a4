import { asArray, isObject, str, type Json } from '@/lib/protocols/json';
import { contentText } from '@/lib/protocols/openai-chat/read-request';
import { canonicalJson } from '../canonical';
import { laid, resultPiece, type LaidMessage, type PromptLayout, type PromptPiece } from './types';

/**
 * A Gemini body laid out: `tools` (each function declaration a tool of its own, a built-in
 * tool such as `googleSearch` by its key), `systemInstruction`, then each of `contents`.
 * The model is named in the URL, not the body: a layout of a Gemini body has none.
 */
export function layoutGemini(body: Json): PromptLayout {
  const instruction = body.systemInstruction ?? body.system_instruction;
  const text = isObject(instruction) ? contentText(instruction.parts) : contentText(instruction);
  return {
    tools: asArray(body.tools).flatMap((t) => {
      if (!isObject(t)) return [];
      const declarations = asArray(t.functionDeclarations ?? t.function_declarations);
      if (declarations.length) return declarations.map((f) => ({ name: (isObject(f) && str(f.name)) || 'function', wire: f }));
      return Object.keys(t).map((key) => ({ name: key, wire: { [key]: t[key] } }));
    }),
    ...(instruction !== undefined ? { system: { wire: instruction, text } } : {}),
    messages: asArray(body.contents).map(content),
  };
}

function content(c: unknown): LaidMessage {
  if (!isObject(c)) return laid('message', c, []);
  const role = c.role === 'model' ? 'assistant' : (str(c.role) ?? 'user');
  const pieces: PromptPiece[] = [];
  const calls: string[] = [];
  const results: string[] = [];
  for (const p of asArray(c.parts).filter(isObject)) {
    if (typeof p.text === 'string') pieces.push({ part: p.thought === true ? 'thinking' : 'conversation', text: p.text });
    else if (isObject(p.functionCall)) {
      const name = str(p.functionCall.name) ?? 'a tool';
      calls.push(name);
      pieces.push({ part: 'conversation', text: `${name} ${canonicalJson(p.functionCall.args ?? {})}` });
    } else if (isObject(p.functionResponse)) {
      const name = str(p.functionResponse.name);
      results.push(name ?? 'a tool');
      pieces.push(resultPiece(canonicalJson(p.functionResponse.response ?? {}), name, str(p.functionResponse.id)));
    } else if (isObject(p.executableCode)) pieces.push({ part: 'conversation', text: str(p.executableCode.code) ?? '' });
    else if (isObject(p.codeExecutionResult))
      pieces.push(resultPiece(str(p.codeExecutionResult.output) ?? '', 'code execution', undefined));
  }
  return laid(role, c, pieces, calls, results);
}
