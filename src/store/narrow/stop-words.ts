/** The words the server's English full-text search leaves out of a query (register's stop_words). */

/** The server's English stop-word list, in its order: the usual English function words, then single letters. */
export const STOP_WORDS: readonly string[] = [
  ...'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself'.split(' '),
  ...'she her hers herself it its itself they them their theirs themselves what which who whom'.split(' '),
  ...'this that these those am is are was were be been being have has had having do does did doing'.split(
    ' ',
  ),
  ...'a an the and but if or because as until while of at by for with about against between into'.split(' '),
  ...'through during before after above below to from up down in out on off over under again further'.split(
    ' ',
  ),
  ...'then once here there when where why how all any both each few more most other some such no nor'.split(
    ' ',
  ),
  ...'not only own same so than too very s t can will just don should now'.split(' '),
  ...'b c d e f g h j k l m n o p q r u v w x y z'.split(' '),
];
