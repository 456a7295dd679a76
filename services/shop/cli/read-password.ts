/**
 * A password from standard input: the first line of what is piped in, or typed at a
 * terminal without echo. Never a flag, which would land in the shell's history and `ps`.
 */
import type { Readable } from 'node:stream';

async function firstLine(input: Readable): Promise<string> {
  let text = '';
  for await (const chunk of input) {
    text += String(chunk);
    if (text.includes('\n') || text.length > 4096) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

function typedWithoutEcho(prompt: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const onData = (key: string) => {
      for (const character of key) {
        if (character === '\u0003') {
          finish();
          reject(new Error('cancelled'));
          return;
        }
        if (character === '\r' || character === '\n' || character === '\u0004') {
          finish();
          resolve(typed);
          return;
        }
        typed = character === '\u007f' ? typed.slice(0, -1) : typed + character;
      }
    };
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    stdin.on('data', onData);
  });
}

export function readPassword(prompt: string, input: Readable = process.stdin): Promise<string> {
  return input === process.stdin && process.stdin.isTTY
    ? typedWithoutEcho(prompt)
    : firstLine(input);
}
