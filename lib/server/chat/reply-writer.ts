import 'server-only';
import { countedUsage } from '@/lib/assemble/counted-usage';
import { emptyMessage, type AssembledMessage } from '@/lib/assemble/message';
import { storedFields } from '@/lib/api/conversations';
import type { ReplayOf } from '@/lib/api/providers';
import type { Provider } from '@/lib/providers/types';
import { costOf, type ModelPricing } from '@/lib/pricing/cost';
import { redact } from '@/lib/server/platform/redact';
import { storeWritten } from '@/lib/server/platform/telemetry';
import type { ConversationStore, PackedEvents, ReplyTimings, StoredReply, Turn } from '../store/types';
import { logReplyEnd } from './reply-log';
import type { CopyResult } from '@/lib/server/streams/server-copy/server-copy';
import { deferredTurn } from '@/lib/server/store/settling-replies';

/** The stored form of an assembled reply: its stored fields, where it came from, and its timings. */
export function toStoredReply(
  message: AssembledMessage,
  provider: Pick<Provider, 'id' | 'protocol'>,
  model: string,
  timings: ReplyTimings,
  pricing?: ModelPricing,
  /** A replay's recording: its provider and model. */
  replayOf?: ReplayOf,
): StoredReply {
  // Priced as the page prices it: a reply that never got its final usage counts its streamed tokens.
  const { usage } = countedUsage(message, timings.tokenEvents);
  const priced = pricing ? { pricing, ...(usage ? { cost: costOf(usage, pricing) } : {}) } : { cost: null };
  return {
    ...storedFields(message),
    provider: provider.id,
    model,
    protocol: provider.protocol,
    timings,
    ...priced,
    ...(replayOf ? { replayOf } : {}),
  };
}

/** A reply as it was stored, with the assembled message it came from and its log: what its telemetry reads. */
export interface SavedReply {
  message: AssembledMessage;
  reply: StoredReply;
  events?: PackedEvents;
}

/**
 * Everything one reply writes to the store, in order: the turn (with the reply's
 * placeholder), then the reply as it ends. Writes are chained, so the order in the
 * store holds however the stream ends; a failed write is logged (secrets redacted),
 * never thrown at the stream.
 */
export class ReplyWriter {
  /** The chain of this reply's writes, once the turn's write has begun it. */
  private writes: Promise<unknown> | undefined;
  /** Until the turn's write begins, a read of the store begins it (settling-replies). */
  private readonly unlist = deferredTurn(() => this.begin());

  constructor(
    private readonly db: ConversationStore,
    private readonly turn: Turn,
    private readonly provider: Provider,
    private readonly model: string,
    /** Live: the relay fills them in as the stream goes. */
    private readonly timings: ReplyTimings,
    private readonly pricing?: ModelPricing,
    private readonly replayOf?: ReplayOf,
    /** Told of each save as it is written (the reply's span and metrics). */
    private readonly saved?: (saved: SavedReply) => void,
  ) {}

  /**
   * Writes the turn (with the reply's placeholder): the first write, whoever asks first
   * (this reply's other writes, or a read of the store that must see it).
   * The relay asks once the answer's first bytes are on their way: the embedded
   * database's CPU for it delayed the first byte when it ran while the upstream was
   * asked (docs/decisions.md: "Turn written after the first bytes").
   */
  begin(): Promise<unknown> {
    if (!this.writes) {
      this.unlist();
      this.writes = this.db.beginTurn(this.turn).catch(this.logFailure);
    }
    return this.writes;
  }

  private readonly logFailure = (error: unknown) => {
    console.error(
      `sluice: storing conversation ${this.turn.conversationId} failed: ${redact(String(error), this.provider.secrets)}`,
    );
  };

  private persist(write: () => Promise<unknown>): Promise<unknown> {
    this.writes = this.begin().then(write).catch(this.logFailure);
    return this.writes;
  }

  /**
   * Stores the reply as it is now. It is never left `streaming`: if the database
   * refuses it as it is (or the write fails otherwise), a second, minimal write marks it
   * an error that names the problem, keeping its placeholder, without its log.
   */
  save(message: AssembledMessage, events?: PackedEvents): Promise<unknown> {
    const { db, turn, provider, model, timings, pricing, replayOf } = this;
    logReplyEnd(message, { messageId: turn.replyId, provider: provider.id, model, secrets: provider.secrets });
    const reply = toStoredReply(message, provider, model, timings, pricing, replayOf);
    // Once the write is on its way: the reply's telemetry waits for the store, never the other way round.
    if (this.saved) setImmediate(this.saved, { message, reply, events });
    return this.persist(() => {
      const started = performance.now();
      return db
        .saveReply(turn.conversationId, turn.replyId, reply, events)
        .then(() => storeWritten('reply', started))
        .catch((error: unknown) => {
          const reason = redact(error instanceof Error ? error.message : String(error), provider.secrets).slice(0, 300);
          this.logFailure(error);
          return db.failReply(turn.conversationId, turn.replyId, `The database refused this reply (${reason}).`);
        });
    });
  }

  /** The stream ended: the server's copy, read to its end, is the reply as stored. */
  async saveFromCopy(reading: Promise<CopyResult>): Promise<unknown> {
    let read;
    try {
      read = await reading;
    } catch (error) {
      return this.save({
        ...emptyMessage('error'),
        error: {
          message: `Sluice could not read its copy of this reply: ${error instanceof Error ? error.message : String(error)}`,
        },
      });
    }
    Object.assign(this.timings, {
      firstToken: read.firstTokenAt,
      firstAnswer: read.firstAnswerAt,
      lastToken: read.lastTokenAt,
      tokenEvents: read.tokenEvents,
    });
    return this.save(read.message, read.events);
  }

  setUpstreamConversationId(id: string): void {
    void this.persist(() => this.db.setUpstreamConversationId(this.turn.conversationId, id));
  }
}
