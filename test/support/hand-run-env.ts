/**
 * The environment for a child npm or node that must behave as if run by hand, not as part of this test run.
 * Under `npm test`, npm exports this checkout's settings (npm_config_local_prefix, npm_package_*, the running
 * command) and node:test its context; only the npm cache location and user config are kept, and the child
 * node gets no loader options.
 */
export const handRunEnv: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) =>
      key !== 'NODE_OPTIONS' &&
      key !== 'INIT_CWD' &&
      key !== 'NODE_TEST_CONTEXT' &&
      (!key.startsWith('npm_') || key === 'npm_config_cache' || key === 'npm_config_userconfig'),
  ),
);
