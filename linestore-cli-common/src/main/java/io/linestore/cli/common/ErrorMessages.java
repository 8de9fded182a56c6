package io.linestore.cli.common;

import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * Describes a failure in one line a user can act on: file system errors name the file and say
 * what is wrong with it in words, not as an exception class.
 */
final class ErrorMessages {

    private ErrorMessages() {
    }

    /**
     * Describes a failure.
     *
     * @param failure what was thrown
     * @return one line naming the file or value involved where the failure does
     */
    static String describe(Throwable failure) {
        if (failure instanceof UncheckedIOException unchecked && unchecked.getCause() != null) {
            String context = unchecked.getMessage();
            String cause = describe(unchecked.getCause());
            if (context == null || context.equals(unchecked.getCause().toString())) {
                return cause;
            }
            return context.contains(cause) ? context : context + ": " + cause;
        }
        return switch (failure) {
            case NoSuchFileException e -> "no such file or directory: " + e.getFile();
            case AccessDeniedException e -> "permission denied: " + e.getFile();
            case FileAlreadyExistsException e -> "already exists: " + e.getFile();
            case NotDirectoryException e -> "not a directory: " + e.getFile();
            case DirectoryNotEmptyException e -> "directory not empty: " + e.getFile();
            case FileSystemException e -> e.getMessage();
            default -> failure.getMessage() == null || failure.getMessage().isBlank()
                    ? failure.getClass().getSimpleName()
                    : failure.getMessage();
        };
    }
}
