"""a source's revision, and the copy a fact was read in (via)

Revision ID: 0008
Revises: 0007
"""

from alembic import op
import sqlalchemy as sa


revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('sources', schema=None) as batch_op:
        batch_op.add_column(sa.Column('revision', sa.Text(), nullable=True))
    with op.batch_alter_table('facts', schema=None) as batch_op:
        batch_op.add_column(sa.Column('via_id', sa.String(length=120), nullable=True))
        batch_op.create_foreign_key(
            batch_op.f('fk_facts_via_id_sources'), 'sources', ['via_id'], ['id']
        )
        batch_op.create_index('ix_facts_via_id', ['via_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('facts', schema=None) as batch_op:
        batch_op.drop_index('ix_facts_via_id')
        batch_op.drop_constraint(batch_op.f('fk_facts_via_id_sources'), type_='foreignkey')
        batch_op.drop_column('via_id')
    with op.batch_alter_table('sources', schema=None) as batch_op:
        batch_op.drop_column('revision')
