package io.linestore.cli.command;

import io.linestore.cli.common.Sizes;

/**
 * One request of {@code linestore read --ranges}: the line {@code OFFSET SIZE} (two counts
 * separated by spaces or tabs, suffixes allowed as on the command line: {@code 10M 10}); any other
 * control character, at its ends too, is refused.
 *
 * @param offset the first line number, from 0
 * @param size how many lines at most
 */
record RangeRequest(long offset, long size) {

    /**
     * Reads a request.
     *
     * @param text one line of the request stream, without its terminator
     * @return the request
     * @throws IllegalArgumentException saying what is wrong with {@code text}
     */
    static RangeRequest parse(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c) && c != '\t') {
                throw new IllegalArgumentException("control character U+" + String.format("%04X", (int) c)
                        + " in request " + Sizes.quote(text) + ": a request is OFFSET SIZE, separated by spaces or tabs");
            }
        }
        String trimmed = trimBlanks(text);
        int space = indexOfBlank(trimmed);
        String second = space < 0 ? "" : trimBlanks(trimmed.substring(space));
        if (space < 0 || indexOfBlank(second) >= 0) {
            throw new IllegalArgumentException("expected OFFSET SIZE, got " + Sizes.quote(text));
        }
        return new RangeRequest(Sizes.parseCount(trimmed.substring(0, space)), Sizes.parseCount(second));
    }

    /**
     * Whether a line of the request stream is empty or holds only spaces and tabs: no request, so no
     * answer (a file of requests written by hand may have them).
     *
     * @param text one line of the request stream, without its terminator
     * @return {@code true} if it holds nothing but blanks
     */
    static boolean isBlankLine(String text) {
        return trimBlanks(text).isEmpty();
    }

    /** Without the spaces and tabs at either end: the only blanks a request has. */
    private static String trimBlanks(String text) {
        int from = 0;
        int to = text.length();
        while (from < to && isBlank(text.charAt(from))) {
            from++;
        }
        while (to > from && isBlank(text.charAt(to - 1))) {
            to--;
        }
        return text.substring(from, to);
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t';
    }

    private static int indexOfBlank(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (isBlank(text.charAt(i))) {
                return i;
            }
        }
        return -1;
    }
}
