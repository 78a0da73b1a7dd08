<?php
// The client through its own fallback autoloader (as a user without Composer loads it), and the tests' support classes.
declare(strict_types=1);

error_reporting(E_ALL);
require dirname(__DIR__) . '/autoload.php';

spl_autoload_register(static function (string $class): void {
    $prefix = 'PdfService\\Tests\\';
    if (str_starts_with($class, $prefix)) {
        $file = __DIR__ . '/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
        if (is_file($file)) {
            require $file;
        }
    }
});
