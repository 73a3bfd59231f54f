// The error groups as the bundler loads them: generated/error-groups.json, written by `npm run generate`
// (generator/emit/error-groups.ts) in the format of contract/error-groups.ts.
declare module '@site/generated/error-groups.json' {
  import type { ErrorGroupsFile } from '@site/contract/error-groups.ts';

  const groups: ErrorGroupsFile;
  export default groups;
}
