// Stands in for `server-only` under vitest, which does not run with the react-server condition.
export {};
