/** What the main process tells the engine process when it starts it (argv[2], as JSON). */
export interface EngineConfig {
  dataDir: string;
  /** How file managers start the app (Linux), for Settings ▸ File manager. */
  verifyCommand?: string[];
}

export function parseEngineConfig(text: string | undefined): EngineConfig {
  const config = JSON.parse(text ?? 'null') as Partial<EngineConfig> | null;
  if (!config || typeof config.dataDir !== 'string') throw new Error('The engine process was started without its configuration.');
  const command = config.verifyCommand;
  return { dataDir: config.dataDir, ...(Array.isArray(command) && command.every((a) => typeof a === 'string') ? { verifyCommand: command } : {}) };
}
