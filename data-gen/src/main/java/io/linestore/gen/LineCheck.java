package io.linestore.gen;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;

/**
 * Checks a line read back from generated data against its line number, without the source file
 * or the generator's options. A non-empty generated line has the form
 *
 * <pre>{@code <number> <payload> #<checksum>}</pre>
 *
 * <p>for example {@code 0000000042 Kq!x7 #3f2a91c0}: the line number in decimal, zero-padded to
 * 10 digits (wider only from line 10^10 on), one space, the payload (never {@code \r} or
 * {@code \n}), one space, {@code #}, and the CRC32C of every byte before {@code " #"} as 8
 * lower-case hex digits. A line verifies when it has exactly this form, its number is the
 * expected one and its checksum matches, so any single changed, missing or extra byte fails.
 *
 * <p><b>Empty lines</b> carry no number, so they cannot be checked on their own: an empty line
 * always verifies. Whether line {@code i} should be empty is known only to the generator that
 * wrote it; a caller that must know compares with {@link Generator#expectedLine(long)}.
 *
 * <p>The methods are static, allocation-light and thread-safe.
 */
public final class LineCheck {

    private static final int SHORTEST = LineFrame.MIN_NUMBER_DIGITS + 1 + LineFrame.SUFFIX_BYTES;
    private static final int PREVIEW_CHARS = 120;

    private LineCheck() {
    }

    /**
     * Tells whether {@code line} is a valid generated line number {@code lineNumber}.
     *
     * @param lineNumber the number the line was read as, 0 or more
     * @param line the line's content without terminator
     * @return true if the line is empty or carries this number and a matching checksum
     */
    public static boolean verify(long lineNumber, String line) {
        return verify(lineNumber, ByteBuffer.wrap(line.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * Tells whether the bytes between {@code line}'s position and limit are a valid generated line
     * number {@code lineNumber}. The buffer's position, limit and content are left as they were.
     *
     * @param lineNumber the number the line was read as, 0 or more
     * @param line the line's bytes without terminator
     * @return true if the line is empty or carries this number and a matching checksum
     */
    public static boolean verify(long lineNumber, ByteBuffer line) {
        int start = line.position();
        int end = line.limit();
        if (start == end) {
            return true;
        }
        if (end - start < SHORTEST || lineNumber < 0) {
            return false;
        }
        int hash = end - LineFrame.CHECKSUM_DIGITS - 1;
        int checksummed = hash - 1;
        if (line.get(hash) != '#' || line.get(checksummed) != ' ') {
            return false;
        }
        int digits = LineFrame.numberDigits(lineNumber);
        if (start + digits >= checksummed || line.get(start + digits) != ' ' || !hasNumber(line, start, digits, lineNumber)) {
            return false;
        }
        ByteBuffer view = line.duplicate().order(ByteOrder.BIG_ENDIAN);
        long hexDigits = view.getLong(hash + 1);
        CRC32C crc = new CRC32C();
        crc.update(view.limit(checksummed).position(start));
        return hexDigits == LineFrame.hex((int) crc.getValue());
    }

    /**
     * Like {@link #verify(long, String)}, but throws when the line fails.
     *
     * @param lineNumber the number the line was read as
     * @param line the line's content without terminator
     * @throws IllegalStateException naming the line number and showing the line if it fails
     */
    public static void check(long lineNumber, String line) {
        if (!verify(lineNumber, line)) {
            throw failure(lineNumber, line);
        }
    }

    /**
     * Like {@link #verify(long, ByteBuffer)}, but throws when the line fails.
     *
     * @param lineNumber the number the line was read as
     * @param line the line's bytes without terminator, between position and limit (not consumed)
     * @throws IllegalStateException naming the line number and showing the line if it fails
     */
    public static void check(long lineNumber, ByteBuffer line) {
        if (!verify(lineNumber, line)) {
            throw failure(lineNumber, StandardCharsets.UTF_8.decode(line.duplicate()).toString());
        }
    }

    private static boolean hasNumber(ByteBuffer line, int start, int digits, long expected) {
        long rest = expected;
        for (int p = start + digits - 1; p >= start; p--) {
            if (line.get(p) != '0' + rest % 10) {
                return false;
            }
            rest /= 10;
        }
        return true;
    }

    private static IllegalStateException failure(long lineNumber, String line) {
        String preview = line.length() <= PREVIEW_CHARS ? line : line.substring(0, PREVIEW_CHARS) + "...";
        return new IllegalStateException("line " + lineNumber + " fails its check (" + line.length()
                + " chars): \"" + preview.replace("\r", "\\r").replace("\n", "\\n") + "\"");
    }
}
