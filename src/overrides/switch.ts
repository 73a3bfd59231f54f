// The switch that builds the site with no override at all (see src/overrides/MANIFEST.md): `NO_OVERRIDES=1`.
// The bench builds both ways to show what each override still gains; tests run on the build with overrides.
const NO_OVERRIDES_VARIABLE = 'NO_OVERRIDES';

export function overridesOff(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env[NO_OVERRIDES_VARIABLE];
  return value !== undefined && value !== '' && value !== '0' && value !== 'false';
}
