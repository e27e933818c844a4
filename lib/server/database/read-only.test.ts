import { describe, expect, it } from 'vitest';
import { isReadOnly } from './read-only';

describe('isReadOnly', () => {
  it('takes selects and with-selects as reads', () => {
    expect(isReadOnly('select * from conversations where id = $1')).toBe(true);
    expect(isReadOnly('  SELECT 1')).toBe(true);
    expect(
      isReadOnly('with listed as (select *, updated_at from conversations c order by updated_at desc) select * from listed'),
    ).toBe(true);
  });

  it('takes anything that may change something as a write', () => {
    expect(isReadOnly('insert into conversations (id) values ($1)')).toBe(false);
    expect(
      isReadOnly(
        'with saved as (select $4::jsonb as body), reply as (update messages set body = saved.body from saved) select 1',
      ),
    ).toBe(false);
    expect(isReadOnly('with gone as (delete from captures where id = $1 returning id) select count(*) from gone')).toBe(false);
    expect(isReadOnly('select * from messages for update')).toBe(false);
    expect(isReadOnly("select nextval('seq')")).toBe(false);
    expect(isReadOnly('select pg_advisory_xact_lock(1)')).toBe(false);
    expect(isReadOnly("select set_config('x', 'y', false)")).toBe(false);
    expect(isReadOnly('analyze conversations')).toBe(false);
    expect(isReadOnly('begin')).toBe(false);
  });
});
