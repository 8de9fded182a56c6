package io.linestore;

import java.util.List;
import java.util.Objects;

/**
 * The outcome of {@link LineStore#verify()}: every problem found, in file order.
 *
 * @param problems the problems; empty when the store is whole
 */
public record VerifyReport(List<Problem> problems) {

    /**
     * Copies the list.
     *
     * @throws NullPointerException if {@code problems} is null
     */
    public VerifyReport {
        problems = List.copyOf(problems);
    }

    /**
     * Whether the store is whole.
     *
     * @return {@code true} when no problem was found
     */
    public boolean ok() {
        return problems.isEmpty();
    }

    /**
     * One thing wrong with one file.
     *
     * @param file the file's path relative to the store (or the file itself)
     * @param message what is wrong, with the numbers involved
     */
    public record Problem(String file, String message) {

        /**
         * Checks the fields.
         *
         * @throws NullPointerException if a field is null
         */
        public Problem {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(message, "message");
        }

        @Override
        public String toString() {
            return file + ": " + message;
        }
    }
}
