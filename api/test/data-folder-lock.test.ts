import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataFolderInUseError, lockDataFolder } from '../src/database/data-folder-lock.ts';

/** The lock itself, in one process; server-processes.test.ts runs it across real processes. */
describe('lockDataFolder', () => {
  let root: string;
  let folder: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'fragewerk-lock-unit-'));
    folder = path.join(root, 'pglite');
    await mkdir(folder);
  });

  afterAll(() => rm(root, { recursive: true, force: true }));

  it('refuses a second lock on the same folder, naming the holder, until it is released', async () => {
    const lock = await lockDataFolder(folder);
    expect(JSON.parse(readFileSync(`${folder}.holder`, 'utf8'))).toMatchObject({
      pid: process.pid,
    });
    const second = await lockDataFolder(folder).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(second).toBeInstanceOf(DataFolderInUseError);
    expect((second as DataFolderInUseError).holder?.pid).toBe(process.pid);
    expect((second as Error).message).toContain(`Die eingebettete Datenbank in ${folder}`);
    expect((second as Error).message).toContain(`(PID ${process.pid}: `);

    // The same folder under another path (a symlink) is the same folder.
    const alias = path.join(root, 'alias');
    await symlink(folder, alias);
    await expect(lockDataFolder(alias)).rejects.toBeInstanceOf(DataFolderInUseError);

    await lock.release();
    expect(existsSync(`${folder}.holder`)).toBe(false);
    const again = await lockDataFolder(folder);
    await again.release();
  });

  it('names the holder from the socket when the information file is gone or stale', async () => {
    const lock = await lockDataFolder(folder);
    // A leftover of a crashed holder: its pid is not alive (above Linux's pid_max of 2^22).
    await writeFile(`${folder}.holder`, JSON.stringify({ pid: 2 ** 22 + 1, command: 'alt' }));
    const error = await lockDataFolder(folder).catch((caught: unknown) => caught);
    expect((error as DataFolderInUseError).holder?.pid).toBe(process.pid);
    await lock.release();
  });
});
