package io.linestore.s3;

import io.linestore.LineStore;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What {@code linestore read} prints for a range, and what {@code sed -n} prints for it, to compare
 * the two, and what a text's own lines are: each line's bytes followed by {@code \n}. Shared with the command line's tests by this
 * module's test jar.
 */
public final class PrintedLines {

    private PrintedLines() {
    }

    /**
     * The lines {@code [offset, offset + size)} of a store as the command line prints them.
     *
     * @param store the store
     * @param offset the first line
     * @param size how many lines
     * @return each line's bytes and {@code \n}
     */
    public static byte[] of(LineStore store, long offset, long size) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        store.readBytes(offset, size, (number, line) -> {
            byte[] bytes = new byte[line.remaining()];
            line.duplicate().get(bytes);
            out.writeBytes(bytes);
            out.write('\n');
        });
        return out.toByteArray();
    }

    /**
     * What {@code sed -n 'OFFSET+1,OFFSET+SIZE p' FILE} prints (nothing for a size of 0, which sed
     * would read as the one line OFFSET+1).
     *
     * @param file the file
     * @param offset the first line, from 0
     * @param size how many lines
     * @return sed's output
     * @throws IOException if sed cannot be run
     * @throws InterruptedException if interrupted while waiting for it
     * @throws IllegalStateException if sed fails or takes more than 30 s
     */
    public static byte[] sed(Path file, long offset, long size) throws IOException, InterruptedException {
        if (size == 0) {
            return new byte[0];
        }
        Process sed = new ProcessBuilder("sed", "-n", (offset + 1) + "," + (offset + size) + "p", file.toString())
                .start();
        byte[] out = sed.getInputStream().readAllBytes();
        if (!sed.waitFor(30, TimeUnit.SECONDS) || sed.exitValue() != 0) {
            throw new IllegalStateException("sed -n " + (offset + 1) + "," + (offset + size) + "p " + file + " failed");
        }
        return out;
    }

    /**
     * The lines of a text whose every line ends in {@code \n}, each without it.
     *
     * @param text the text
     * @return its lines
     */
    public static List<byte[]> split(byte[] text) {
        List<byte[]> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length; i++) {
            if (text[i] == '\n') {
                lines.add(Arrays.copyOfRange(text, start, i));
                start = i + 1;
            }
        }
        return lines;
    }

    /**
     * The lines {@code [offset, offset + size)} of a list of lines as the command line prints them.
     *
     * @param lines the lines, from {@link #split}
     * @param offset the first line
     * @param size how many lines
     * @return each line's bytes and {@code \n}
     */
    public static byte[] of(List<byte[]> lines, long offset, long size) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (long n = offset; n < Math.min(lines.size(), offset + size); n++) {
            out.writeBytes(lines.get((int) n));
            out.write('\n');
        }
        return out.toByteArray();
    }
}
