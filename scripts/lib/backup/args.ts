export interface ParsedArgs {
  options: Record<string, string | boolean>;
  positional: string[];
}

/** `--name value`, `--name=value` and `--flag` arguments, plus positional ones; unknown names throw. */
export function parseArgs(argv: string[], spec: Record<string, 'value' | 'flag'>): ParsedArgs {
  const parsed: ParsedArgs = { options: {}, positional: [] };
  for (let i = 0; i < argv.length; i++) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!match) {
      parsed.positional.push(argv[i]);
      continue;
    }
    const kind = spec[match[1]];
    if (!kind)
      throw new Error(
        `unknown option --${match[1]} (known: ${Object.keys(spec)
          .map((k) => `--${k}`)
          .join(', ')})`,
      );
    if (kind === 'flag') parsed.options[match[1]] = true;
    else {
      const value = match[2] ?? argv[++i];
      if (value === undefined) throw new Error(`--${match[1]} needs a value`);
      parsed.options[match[1]] = value;
    }
  }
  return parsed;
}
