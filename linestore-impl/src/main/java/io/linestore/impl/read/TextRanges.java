package io.linestore.impl.read;

import java.io.Reader;

/**
 * Opens a {@link java.io.BufferedReader} over a byte range of a shard's text: the way
 * {@link io.linestore.ReadMethod#BUFFERED_READER} reads {@code String}s. Thread-safe.
 */
public interface TextRanges {

    /**
     * Opens a reader of the text bytes {@code [from, to)} decoded as UTF-8, malformed bytes replaced by
     * U+FFFD.
     *
     * @param from the first byte
     * @param to the end, exclusive
     * @return a buffered reader; the caller closes it (the file stays open)
     */
    Reader openReader(long from, long to);
}
