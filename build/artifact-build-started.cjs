module.exports = require('./linux-launcher.cjs').artifactBuildStarted;
