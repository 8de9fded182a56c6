package io.linestore.gen;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Splits bytes into lines exactly as docs/design.md defines them, independently of the generator. */
final class Lines {

    private Lines() {
    }

    /**
     * Splits on {@code \n}; a {@code \r} right before it belongs to the terminator; a final line
     * without {@code \n} counts; a trailing {@code \n} adds no empty line.
     */
    static List<byte[]> split(byte[] bytes) {
        List<byte[]> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                int end = i > start && bytes[i - 1] == '\r' ? i - 1 : i;
                lines.add(Arrays.copyOfRange(bytes, start, end));
                start = i + 1;
            }
        }
        if (start < bytes.length) {
            lines.add(Arrays.copyOfRange(bytes, start, bytes.length));
        }
        return lines;
    }
}
