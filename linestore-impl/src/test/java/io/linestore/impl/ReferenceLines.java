package io.linestore.impl;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** The line semantics of docs/design.md, written as plainly as possible, to compare every reader with. */
final class ReferenceLines {

    private ReferenceLines() {
    }

    /** Each line's bytes, without its terminator. */
    static List<byte[]> split(byte[] input) {
        List<byte[]> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < input.length; i++) {
            if (input[i] == '\n') {
                int end = i > start && input[i - 1] == '\r' ? i - 1 : i;
                lines.add(Arrays.copyOfRange(input, start, end));
                start = i + 1;
            }
        }
        if (start < input.length) {
            lines.add(Arrays.copyOfRange(input, start, input.length));
        }
        return lines;
    }

    /** Each line decoded as {@code new String(bytes, UTF_8)}. */
    static List<String> strings(byte[] input) {
        return split(input).stream().map(line -> new String(line, StandardCharsets.UTF_8)).toList();
    }

    /** The lines {@code [offset, min(offset + size, count))}. */
    static <T> List<T> range(List<T> lines, long offset, long size) {
        if (offset >= lines.size()) {
            return List.of();
        }
        return lines.subList((int) offset, (int) Math.min(lines.size(), offset + size));
    }
}
