import 'server-only';
import { createHash } from 'node:crypto';
import { partsOf, textOf, type ChatMessage } from '@/lib/protocols/conversation';
import type { ProtocolId } from '@/lib/protocols/ids';
import type { Json } from '@/lib/protocols/json';
import { protocolModule } from '@/lib/protocols/registry';

/**
 * A request's prompt as continuity compares it: a chain of hashes, one after each
 * section in the order providers cache them (tools, then each message, system first), so
 * that an earlier request whose whole prompt hash is one of this one's links is a prefix
 * of it. Read through the protocol's own request reader, so what does not change the
 * prompt (an Anthropic `cache_control` marker moving to the newest message) does not count.
 */
export interface PromptDigest {
  /** The whole prompt's hash: the chain's last link. */
  full: string;
  /** Every link, the whole prompt's included. */
  links: string[];
  /**
   * The hash of its tools' names and its first user message: the conversation's identity
   * when its prompt changed elsewhere (its system prompt, an earlier tool result). A side
   * request on the same prompt (a title, a quota check) offers other tools, or none.
   */
  anchor?: string;
  /** Its first user message's text, for a run's name. */
  firstUserText?: string;
  /**
   * What a related request of the same app shares with it, each hashed apart: each of its
   * tools' names, its system prompt, its first user message. A subagent joins a run only
   * when it shares one of these with a recent request of that run: unrelated apps sending in
   * the same minute share none (docs/contract.md "Runs").
   */
  kin: string[];
}

const hash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);

/** The digest of a request body of this protocol; undefined when the body is not one (not JSON, no messages). */
export function promptDigest(protocol: ProtocolId, bodyText: string): PromptDigest | undefined {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const read = protocolModule(protocol).readRequest(body as Json);
  if (read.messages.length === 0) return undefined;
  const sections = [JSON.stringify(read.params?.tools ?? []), ...read.messages.map((m) => JSON.stringify(m))];
  const links: string[] = [];
  let link = '';
  for (const section of sections) links.push((link = hash(`${link}\n${hash(section)}`)));
  const firstUser = read.messages.find((m): m is ChatMessage => m.role === 'user' && partsOf(m).length > 0);
  const firstUserText = firstUser && textOf(firstUser);
  const tools = (read.params?.tools ?? []).map((t) => t.name);
  const system = read.messages.filter((m) => m.role === 'system');
  const kin = [
    ...new Set(tools.map((name) => hash(`tool\n${name}`))),
    ...(system.length > 0 ? [hash(`system\n${JSON.stringify(system)}`)] : []),
    ...(firstUser ? [hash(`first\n${JSON.stringify(firstUser)}`)] : []),
  ];
  return {
    kin,
    full: link,
    links,
    ...(firstUser ? { anchor: hash(JSON.stringify([(read.params?.tools ?? []).map((t) => t.name).sort(), firstUser])) } : {}),
    ...(firstUserText ? { firstUserText } : {}),
  };
}
