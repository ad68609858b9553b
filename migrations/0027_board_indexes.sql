-- Board indexes (issue 17): a project's tasks in lane order, read without a temporary sort.
CREATE INDEX `tasks_board_order_idx` ON `tasks` (`project_id`,`sort`,`position`);
