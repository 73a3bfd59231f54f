// What /testing/testcontainers says about StartOptions, held against the installed @defichain/testcontainers: start()
// merges its options into DeFiDContainer.DefaultStartOptions with Object.assign, so user, password and startFlags
// carry over to containers started later in the same process. No Docker here: the container's Docker calls are
// replaced by recorders, and what each container would have run (its command line) is compared.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DeFiDContainer, RegTestContainer, type StartOptions } from '@defichain/testcontainers';

const PAGE = path.resolve(__dirname, '../../docs/testing/testcontainers.mdx');
const defaults = { ...DeFiDContainer.DefaultStartOptions };

/** Starts a RegTestContainer with Docker replaced, and returns the command line it would have given defid. */
async function commandOf(options?: StartOptions): Promise<string[]> {
  const container = new RegTestContainer();
  let cmd: string[] = [];
  const fake = container as unknown as {
    tryPullImage: () => Promise<void>;
    waitForRpc: () => Promise<void>;
    docker: { createContainer: (spec: { Cmd: string[] }) => Promise<{ start: () => Promise<void> }> };
  };
  fake.tryPullImage = async () => undefined;
  fake.waitForRpc = async () => undefined;
  fake.docker = {
    createContainer: async (spec) => {
      cmd = spec.Cmd;
      return { start: async () => undefined };
    },
  };
  await container.start(options);
  return cmd;
}

describe('/testing/testcontainers StartOptions', () => {
  afterEach(() => {
    for (const key of Object.keys(DeFiDContainer.DefaultStartOptions)) delete (DeFiDContainer.DefaultStartOptions as Record<string, unknown>)[key];
    Object.assign(DeFiDContainer.DefaultStartOptions, defaults);
  });

  it('startFlags, user and password of one start reach every container started after it, until startFlags is passed again', async () => {
    const first = await commandOf({ user: 'alice', password: 'secret', startFlags: [{ name: 'maxtipage', value: 86400 }] });
    expect(first).toEqual(expect.arrayContaining(['-rpcuser=alice', '-rpcpassword=secret', '-maxtipage=86400']));
    const later = await commandOf();
    expect(later).toEqual(expect.arrayContaining(['-rpcuser=alice', '-rpcpassword=secret', '-maxtipage=86400']));
    const cleared = await commandOf({ startFlags: [] });
    expect(cleared).not.toContain('-maxtipage=86400');
    expect(cleared).toContain('-rpcuser=alice');
  });

  it('the page says so', () => {
    const text = fs.readFileSync(PAGE, 'utf8').replace(/\s+/g, ' ');
    expect(text).toMatch(/a `user`, `password` or `startFlags` given to one container's `start` becomes the default of every container started after it/);
    expect(text).toMatch(/`startFlags: \[\]` clears them/);
  });
});
