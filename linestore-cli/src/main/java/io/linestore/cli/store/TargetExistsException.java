package io.linestore.cli.store;

import java.io.Serial;

/** A build's target holds something the build may not replace. The message names the path. */
public final class TargetExistsException extends RuntimeException {

    @Serial
    private static final long serialVersionUID = 1L;

    TargetExistsException(String message) {
        super(message);
    }
}
