// Stands in for the `server-only` marker package under Jest.
module.exports = {};
