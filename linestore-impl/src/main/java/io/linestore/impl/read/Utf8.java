package io.linestore.impl.read;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** Decodes stored line bytes the one way every reader must: as {@code new String(bytes, UTF_8)}. */
public final class Utf8 {

    private Utf8() {
    }

    /**
     * Decodes the bytes between a buffer's position and limit, malformed bytes as U+FFFD; the
     * buffer is untouched.
     *
     * @param bytes the bytes
     * @return the text
     */
    public static String decode(ByteBuffer bytes) {
        if (bytes.hasArray()) {
            return new String(bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining(),
                    StandardCharsets.UTF_8);
        }
        byte[] copy = new byte[bytes.remaining()];
        bytes.get(bytes.position(), copy);
        return new String(copy, StandardCharsets.UTF_8);
    }
}
