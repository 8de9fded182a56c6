package io.linestore.gen;

import io.linestore.OptionNames;

/** How generated lines are terminated. */
public enum LineEnding {

    /** Every line ends with {@code \n}. */
    LF,

    /** Every line ends with {@code \r\n}, which the linestore semantics read as one terminator. */
    CRLF,

    /** Each line ends with {@code \n} or {@code \r\n}, chosen per line by the seed. */
    MIXED;

    /**
     * Returns the line ending spelled {@code text} ({@code lf}, {@code crlf} or {@code mixed},
     * case-insensitive).
     *
     * @param text the command-line spelling
     * @return the line ending
     * @throws IllegalArgumentException naming the value if it is unknown
     */
    public static LineEnding fromOptionName(String text) {
        return OptionNames.parse(LineEnding.class, text, "line ending");
    }
}
