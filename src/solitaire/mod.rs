//! Data-driven solitaire: YaZZle game.ini game types read, validated and
//! played by one pile engine. Uses `core` and `cards` only.
