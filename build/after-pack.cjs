module.exports = require('./linux-launcher.cjs').afterPack;
