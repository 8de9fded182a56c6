package io.linestore.impl.build;

/**
 * A line longer than a reader can hand out (one Java array or string), refused when written rather
 * than stored and never readable. Thrown by build, index and append; the store is left as it was.
 */
public final class LineTooLongException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /**
     * The longest line, terminator included, that a reader can hand out.
     */
    public static final long MAX_LINE_BYTES = Integer.MAX_VALUE - 8;

    LineTooLongException(String message) {
        super(message);
    }

    private LineTooLongException(String message, LineTooLongException cause) {
        super(message, cause);
    }

    /**
     * The same refusal, in the input's terms: which line of the input, from which of its bytes.
     *
     * @param line the line's number in the input, from 0
     * @param from the offset of its first byte in the input
     * @return the refusal with those numbers
     */
    LineTooLongException atInput(long line, long from) {
        return new LineTooLongException("line " + line + ", from byte " + from + ", is longer than " + MAX_LINE_BYTES
                + " bytes, the most a line can hold to be read back", this);
    }

    /**
     * Names the input the line came from, for a caller that knows it.
     *
     * @param input the file read
     * @return the same refusal, its message starting with the input
     */
    public LineTooLongException in(Object input) {
        return new LineTooLongException(input + ": " + getMessage(), this);
    }
}
