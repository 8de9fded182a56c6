package io.linestore.cli.command;

import io.linestore.cli.common.Sizes;

/**
 * One request of {@code linestore read --ranges}: the line {@code OFFSET SIZE} (two counts
 * separated by spaces or tabs, suffixes allowed as on the command line: {@code 10M 10}).
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
        String trimmed = text.strip();
        int space = indexOfBlank(trimmed);
        String second = space < 0 ? "" : trimmed.substring(space).strip();
        if (space < 0 || indexOfBlank(second) >= 0) {
            throw new IllegalArgumentException("expected OFFSET SIZE, got '" + text + "'");
        }
        return new RangeRequest(Sizes.parseCount(trimmed.substring(0, space)), Sizes.parseCount(second));
    }

    private static int indexOfBlank(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == ' ' || text.charAt(i) == '\t') {
                return i;
            }
        }
        return -1;
    }
}
