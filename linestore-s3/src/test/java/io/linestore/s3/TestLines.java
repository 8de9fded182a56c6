package io.linestore.s3;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/** Random text whose lines cross every case of the line semantics: empty lines, CR LF, lone CR, UTF-8. */
final class TestLines {

    private static final String[] PIECES = {"a", "bc", "\r", "é", "日本", " ", "0123456789", "{\"k\": 1}", "\t"};

    private TestLines() {
    }

    /**
     * Makes text of about {@code lines} lines.
     *
     * @param seed the random seed
     * @param lines how many line ends to write
     * @param terminated whether the text ends with a line end
     * @param crlf whether some lines end in CR LF (else every one in LF)
     * @return the bytes
     */
    static byte[] text(long seed, int lines, boolean terminated, boolean crlf) {
        SplittableRandom random = new SplittableRandom(seed);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < lines; i++) {
            int pieces = random.nextInt(10) == 0 ? 0 : random.nextInt(1, 12);
            StringBuilder line = new StringBuilder();
            for (int p = 0; p < pieces; p++) {
                line.append(PIECES[random.nextInt(PIECES.length)]);
            }
            out.writeBytes(line.toString().getBytes(StandardCharsets.UTF_8));
            if (i < lines - 1 || terminated) {
                out.writeBytes(crlf && random.nextInt(4) == 0 ? new byte[] {'\r', '\n'} : new byte[] {'\n'});
            }
        }
        return out.toByteArray();
    }
}
