package io.linestore.gen;

import io.linestore.OptionNames;

/** Which characters the payload of a generated line is made of. */
public enum ContentCharset {

    /** Printable ASCII, {@code 0x20} to {@code 0x7E}: one byte per character. */
    ASCII,

    /**
     * UTF-8 mixing printable ASCII with 2-byte (Latin, Greek, Cyrillic), 3-byte (kana, CJK,
     * Hangul) and 4-byte (emoji, CJK extension B) characters; never control characters,
     * surrogates, line or paragraph separators. A line's length is counted in bytes, and its
     * bytes always decode to the same string and back.
     */
    UTF8;

    /**
     * Returns the charset spelled {@code text} ({@code ascii} or {@code utf8}, case-insensitive).
     *
     * @param text the command-line spelling
     * @return the charset
     * @throws IllegalArgumentException naming the value if it is unknown
     */
    public static ContentCharset fromOptionName(String text) {
        return OptionNames.parse(ContentCharset.class, text, "charset");
    }
}
