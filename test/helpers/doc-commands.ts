import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './child-process';

/**
 * The commands the docs show. Convention: a fenced block marked `sh` is commands a reader runs from
 * the repository root, as written (`json`, `text` and unmarked blocks are output or examples). A
 * command is one line, or several joined by a trailing backslash; comment-only lines are left out.
 */
export interface DocCommand {
  /** `README.md:44` */
  at: string;
  text: string;
}

export interface DocBlock {
  at: string;
  file: string;
  commands: DocCommand[];
}

/** README.md, api/, bridge/ and the virtual radio's READMEs, and every page of docs/ and infra/. */
export function documentedFiles(): string[] {
  const pages = (dir: string) =>
    readdirSync(join(ROOT, dir))
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => `${dir}/${f}`);
  return ['README.md', 'api/README.md', 'bridge/README.md', 'bridge/virtual-radio/README.md', ...pages('docs'), ...pages('infra')];
}

export function shellBlocks(file: string, markdown = readFileSync(join(ROOT, file), 'utf8')): DocBlock[] {
  const lines = markdown.split('\n');
  const blocks: DocBlock[] = [];
  let current: DocBlock | undefined;
  let inOther = false;
  let pending: { at: string; text: string } | undefined;
  lines.forEach((raw, index) => {
    const fence = /^\s*```(\S*)\s*$/.exec(raw);
    if (fence) {
      if (current) {
        blocks.push(current);
        current = undefined;
      } else if (inOther) inOther = false;
      else if (fence[1] === 'sh') current = { at: `${file}:${index + 1}`, file, commands: [] };
      else inOther = true;
      return;
    }
    if (!current) return;
    const line = raw.trim();
    if (pending) {
      pending.text += ` ${line.replace(/\\$/, '').trim()}`;
      if (!line.endsWith('\\')) {
        current.commands.push(pending);
        pending = undefined;
      }
      return;
    }
    if (line === '' || line.startsWith('#')) return;
    const command = { at: `${file}:${index + 1}`, text: line.replace(/\\$/, '').trim() };
    if (line.endsWith('\\')) pending = command;
    else current.commands.push(command);
  });
  return blocks;
}
